import type { MarketplaceStage } from '@lib/schemas';
import type { Viewer } from './viewer';

export const previewGroup = (slug: string): string => `${slug}-preview`;

/** Visibility by stage (docs/service-registry.md "Roles matrix"). */
export function canSee(viewer: Viewer, slug: string, stage: MarketplaceStage): boolean {
  if (viewer.seesEverything) return true;
  switch (stage) {
    case 'public':
      return true;
    case 'beta':
      return viewer.authenticated;
    case 'preview':
      return viewer.belongsTo(previewGroup(slug));
    default:
      return false;
  }
}

export interface VisibilityFilter {
  stages: MarketplaceStage[];
  /** Seen while in preview, from the viewer's `<slug>-preview` groups. */
  previewSlugs: string[];
}

/** The {@link canSee} rule as a filter over many services. */
export function visibilityFilter(viewer: Viewer): VisibilityFilter {
  if (viewer.seesEverything) return { stages: ['internal', 'preview', 'beta', 'public'], previewSlugs: [] };
  const stages: MarketplaceStage[] = viewer.authenticated ? ['beta', 'public'] : ['public'];
  const previewSlugs = (viewer.user?.groups ?? [])
    .filter((g) => g.endsWith('-preview') && g.length > '-preview'.length)
    .map((g) => g.slice(0, -'-preview'.length));
  return { stages, previewSlugs };
}
