/**
 * A second step to the popover: each `import()` site costs its chunk a preload list of everything
 * the imported chunk needs (forms, pickers…), and the bell's chunk loads with every page. The bell
 * imports this tiny module; the long list lives here, fetched on the first click.
 */
export const loadReminderPopover = () => import('./ReminderPopover');
