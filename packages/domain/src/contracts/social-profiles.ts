/** The owner's social profiles (site.yml's `social`), by network. */
import { SOCIAL_NETWORKS, SOCIAL_NETWORK_LABELS, type SocialNetwork } from '../navigation.js';
import type { SocialProfile } from './content.js';

/** The owner's profile address on each network; '' where there is none (not shown). */
export type SocialProfileUrls = Record<SocialNetwork, string>;

/** The addresses by network of a list of profiles ('' for a network it lacks). */
export function socialProfileUrlsOf(
  profiles: ReadonlyArray<{ network: SocialNetwork; url: string }>,
): SocialProfileUrls {
  const urls = Object.fromEntries(
    SOCIAL_NETWORKS.map((network) => [network, '']),
  ) as SocialProfileUrls;
  for (const { network, url } of profiles) urls[network] ||= url;
  return urls;
}

/** The profiles shown for addresses by network: those with one, in the drawer's order. */
export function socialProfilesOf(urls: SocialProfileUrls): SocialProfile[] {
  return SOCIAL_NETWORKS.filter((network) => urls[network]).map((network) => ({
    network,
    label: SOCIAL_NETWORK_LABELS[network],
    url: urls[network],
  }));
}
