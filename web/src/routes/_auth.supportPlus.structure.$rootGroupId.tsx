import { createFileRoute } from '@tanstack/react-router';
import { structureQueryOptions } from '../features/support-plus/queries.ts';
import { StructureScreen } from '../features/support-plus/structure/StructureScreen.tsx';
import { validateStructureSearch } from '../features/support-plus/structure/structure-search.ts';

/** /supportPlus/structure/:rootGroupId?tab&customer — one structure in detail (seed 001 §2). */
export const Route = createFileRoute('/_auth/supportPlus/structure/$rootGroupId')({
  validateSearch: validateStructureSearch,
  loader: async ({ context, params }) => {
    if (context.supportPlusAllowed)
      await context.queryClient.ensureQueryData(structureQueryOptions(params.rootGroupId));
  },
  component: StructureScreen,
});
