// The audit trail's page ('Atividade'): a group's changes with who made them and each field's value
// before and after, filtered, a page at a time, or as a CSV; the admin area reads any group's. The
// pages are entries of their own (activity-page, admin-activity-page) for the router.
export { actionLabel, fieldLabel, kindLabel } from './labels'
