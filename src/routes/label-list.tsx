import { createFileRoute } from '@tanstack/react-router';
import { labelEntity } from '~/contract/label-entity.ts';
import { LabelListScreen } from '~/features/labels/label-list-screen.tsx';
import { entitySearch } from '~/ui/entity/filters.ts';

/** The labels staff manage (permission `labels`): list, create and edit in a dialog, delete. */
export const Route = createFileRoute('/label-list')({
  validateSearch: entitySearch(labelEntity),
  component: LabelListScreen,
});
