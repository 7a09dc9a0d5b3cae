import { crudOperations, someOperations } from './operations';
import { defineModule, page } from './menu-builder';

/* Payroll and Inventory pages of the SPEC.md section 2 menu catalogue. */
export const payrollModule = defineModule({
  name: 'Payroll',
  image: 'module_payroll',
  colour: '#EC4899',
  groups: [
    {
      name: 'Setup',
      pages: [
        page('/staff-department', crudOperations('StaffDepartment')),
        page('/staff-unit', crudOperations('StaffUnit')),
        page('/salary-scale', crudOperations('SalaryScale')),
        page('/grade-level', crudOperations('GradeLevel')),
        page('/salary-step', crudOperations('SalaryStep')),
        page('/salary-allowance', crudOperations('SalaryAllowance')),
        page('/salary-deduction', crudOperations('SalaryDeduction')),
        page('/payment-description', crudOperations('PaymentDescription')),
      ],
    },
    {
      name: 'Staff',
      pages: [
        page('/staff', crudOperations('Staff')),
        page('/staff-allowance', crudOperations('StaffAllowance')),
        page('/staff-deduction', crudOperations('StaffDeduction')),
      ],
    },
    {
      name: 'Transactions',
      pages: [
        page('/salary-schedules', crudOperations('SalarySchedule'), [
          page('/salary-schedule', crudOperations('SalarySchedule')),
        ]),
      ],
    },
  ],
});

export const inventoryModule = defineModule({
  name: 'Inventory',
  image: 'module_inventory',
  colour: '#EAB308',
  groups: [
    {
      name: 'Setup',
      pages: [
        page('/product-group', crudOperations('ProductGroup')),
        page('/product', crudOperations('Product')),
        page('/site', crudOperations('Site')),
        page('/warehouse', crudOperations('Warehouse')),
        page('/location', crudOperations('Location')),
      ],
    },
    {
      name: 'Transactions',
      pages: [
        // Stock on hand is derived from movements, and movements are append-only (DESIGN.md module map).
        page('/stock', someOperations('Stock', ['Export'])),
        page('/stock-movement', someOperations('StockMovement', ['Save', 'Import', 'Export'])),
        page('/stock-transfers', crudOperations('StockTransfer'), [
          page('/stock-transfer', crudOperations('StockTransfer')),
        ]),
      ],
    },
  ],
});
