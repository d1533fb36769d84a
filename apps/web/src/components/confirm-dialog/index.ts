/**
 * Asking before a delete or a "send now".
 *
 * ```tsx
 * const confirm = useConfirm(); // <ConfirmProvider> is mounted once by the app shell
 * const onDelete = async (row: Campaign) => {
 *   if (await confirm({ title: t('campaigns:deleteTitle'), content: row.campaign_name, destructive: true }))
 *     remove.mutate(row._id);
 * };
 * // or, when the dialog should stay open while the action runs:
 * <ConfirmDialog open={open} title={t('sms:sendNow')} loading={send.isPending} onConfirm={...} onCancel={...} />
 * ```
 */
export { ConfirmDialog, type ConfirmDialogProps, type ConfirmOptions } from './ConfirmDialog';
export { ConfirmProvider, useConfirm } from './ConfirmProvider';
