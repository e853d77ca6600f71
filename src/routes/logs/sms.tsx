import { createFileRoute } from '@tanstack/react-router';
import { smsSearch } from '~/features/logs/search.ts';
import { SmsLogScreen } from '~/features/logs/sms-log-screen.tsx';

/** Every SMS sent, with its full text. */
export const Route = createFileRoute('/logs/sms')({
  validateSearch: smsSearch,
  component: SmsLogScreen,
});
