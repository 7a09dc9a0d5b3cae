// The auth module's surface: its screens (loaded lazily by the router) and the reusable user form.
export { LoginPage, type LoginState } from './LoginPage';
export { UserSetupPage } from './UserSetupPage';
export { ForgotPasswordPage } from './ForgotPasswordPage';
export { VerificationPage } from './VerificationPage';
export { NewPasswordPage } from './NewPasswordPage';
export { SuccessPage } from './SuccessPage';
export { UserForm, type UserFormProps } from './UserForm';
export { AGREEMENT_TITLE } from './AgreementModal';
