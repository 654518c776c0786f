/**
 * The three hubs of the site. A hub's name is its menu label (domain navigation); what it says
 * about itself is the owner's words, in site.yml (`hubs`), which the site data carries.
 */
import { MOBILE_MENU_LINKS, PAGE_PATHS } from '@quillpost/domain';

export const HUB_IDS = ['build', 'learn', 'write'] as const;
export type HubId = (typeof HUB_IDS)[number];

export interface Hub {
  id: HubId;
  /** The hub's route, also the post category it collects. */
  path: string;
  title: string;
}

function titleFor(id: HubId): string {
  return MOBILE_MENU_LINKS.find((link) => link.path === PAGE_PATHS[id])?.label ?? id;
}

export const HUBS: Record<HubId, Hub> = {
  build: { id: 'build', path: PAGE_PATHS.build, title: titleFor('build') },
  learn: { id: 'learn', path: PAGE_PATHS.learn, title: titleFor('learn') },
  write: { id: 'write', path: PAGE_PATHS.write, title: titleFor('write') },
};

export function isHubId(value: unknown): value is HubId {
  return (HUB_IDS as readonly unknown[]).includes(value);
}
