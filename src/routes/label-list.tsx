import { createFileRoute } from '@tanstack/react-router';
import { LabelListScreen } from '~/features/labels/label-list-screen.tsx';
import { labelListSearch } from '~/features/labels/search.ts';

/** The labels staff manage (permission `labels`): list, create and edit in a dialog, delete. */
export const Route = createFileRoute('/label-list')({
  validateSearch: labelListSearch,
  component: LabelListScreen,
});
