import { crudOperations, someOperations, trialBalanceOperations } from './operations';
import { defineModule, page, report } from './menu-builder';

/*
 * Admin pages of the SPEC.md section 2 menu catalogue. Users are managed on /role, so that page
 * carries the user labels too; the organisation structure page carries tenant and company labels
 * and each of its child pages one of them.
 */
export const adminModule = defineModule({
  name: 'Admin',
  image: 'module_admin',
  colour: '#4F46E5',
  groups: [
    {
      name: 'Organisation',
      pages: [
        page(
          '/organisation-structure',
          [...crudOperations('Tenant'), ...crudOperations('Company')],
          [
            page('/organisation-structure/tenant', crudOperations('Tenant')),
            page('/organisation-structure/company', crudOperations('Company')),
          ],
        ),
        page('/company-config', crudOperations('CompanyConfig')),
        page('/consolidation', crudOperations('Consolidation')),
      ],
    },
    {
      name: 'Security',
      pages: [
        // The profile page edits the signed-in user's own record only.
        page(
          '/role',
          [...crudOperations('Role'), ...crudOperations('User')],
          [page('/user-profile', someOperations('User', ['Edit']))],
        ),
        page('/identity-group', crudOperations('IdentityGroup')),
        page('/identity', crudOperations('Identity')),
      ],
    },
    {
      name: 'Configuration',
      pages: [
        // Segments are parts of a number sequence and are saved with it.
        page('/number-sequence', crudOperations('NumberSequence'), [
          page('/number-segment', crudOperations('NumberSequence')),
        ]),
        page('/dimension', crudOperations('Dimension')),
        page('/dimension-group', crudOperations('DimensionGroup')),
        page('/attribute-set', crudOperations('AttributeSet')),
        page('/attribute', crudOperations('Attribute')),
        page('/message-setting', crudOperations('MessageConfig')),
        // A health view: nothing on it is saved.
        page('/service-monitor', []),
      ],
    },
    {
      name: 'Workflow',
      pages: [
        page('/workflow', crudOperations('Workflow'), [page('/workflow-chart', crudOperations('Workflow'))]),
        page('/workflow-tag', crudOperations('Tag')),
        page('/workflow-actor', someOperations('Actor', ['Save'])),
        // The approval inbox: its actions are the approval operations of SPEC.md section 4, not labels.
        page('/workflow-task', []),
      ],
    },
    {
      name: 'Reports',
      pages: [
        page('/report-designer', [...crudOperations('Report'), ...crudOperations('ReportSchedule')]),
        report('/trial-balance', trialBalanceOperations),
      ],
    },
  ],
});
