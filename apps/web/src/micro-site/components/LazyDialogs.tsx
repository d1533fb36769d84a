import { type ComponentProps, type ComponentType, lazy, Suspense, useState } from 'react';
import type { KvkkDialog as KvkkDialogType } from './KvkkDialog';
import type { SmsDialogProps } from './SmsDialog';

/**
 * Dialogs load their code (modal, backdrop, transitions) when first opened: a phone's first page
 * needs none of it. `preloadSmsDialog()` starts the download as the phone is sent, so the dialog is
 * there by the time the server answers.
 */
const loadSms = () => import('./SmsDialog');
export const preloadSmsDialog = () => void loadSms();
const Sms = lazy(() => loadSms().then((module) => ({ default: module.SmsDialog })));
const Kvkk = lazy(() => import('./KvkkDialog').then((module) => ({ default: module.KvkkDialog })));

/** Renders nothing until first opened, then stays mounted so its closing transition plays. */
function OnceOpened<P extends { open: boolean }>({
  component: Component,
  ...props
}: P & { component: ComponentType<P> }) {
  const [opened, setOpened] = useState(false);
  if (props.open && !opened) setOpened(true);
  if (!opened && !props.open) return null;
  return (
    <Suspense fallback={null}>
      <Component {...(props as unknown as P)} />
    </Suspense>
  );
}

export const SmsDialog = (props: SmsDialogProps) => <OnceOpened component={Sms} {...props} />;
export const KvkkDialog = (props: ComponentProps<typeof KvkkDialogType>) => (
  <OnceOpened component={Kvkk} {...props} />
);
