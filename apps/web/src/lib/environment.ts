import { apiBaseFor, detectEnvironment, type Environment } from '@quillpost/domain';

/** The environment of the page being served, from its hostname (domain rules). */
export function currentEnvironment(): Environment {
  return detectEnvironment(window.location.hostname);
}

/** Where API calls go: same-origin ('') today, decided by the domain for every environment. */
export function currentApiBase(): string {
  return apiBaseFor(currentEnvironment(), window.location.origin);
}
