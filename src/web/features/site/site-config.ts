import { useEffect, useState } from 'react';
import type { SiteConfig } from '#shared/api/site.ts';
import { client, read } from '../../lib/api.ts';

let cached: Promise<SiteConfig> | null = null;

/** GET /api/site/config once per visit (decision 029); a failure is forgotten so the next page may try again. */
export function loadSiteConfig(): Promise<SiteConfig> {
  cached ??= read(client.api.site.config.$get()).catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}

/** The deployment's public configuration, or null while loading or when the server cannot be reached. */
export function useSiteConfig(): SiteConfig | null {
  const [config, setConfig] = useState<SiteConfig | null>(null);
  useEffect(() => {
    let active = true;
    loadSiteConfig().then(
      (value) => active && setConfig(value),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);
  return config;
}
