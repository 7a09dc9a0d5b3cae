import { CompaniesPane } from '../components/CompaniesPane';
import { PageHeading } from '../shell-adapter';

/** /organisation-structure/company and its alias /company. */
export default function CompanyPage() {
  return (
    <>
      <PageHeading title="Companies" />
      <CompaniesPane />
    </>
  );
}
