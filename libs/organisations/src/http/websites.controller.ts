import { Controller, Get, Inject, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import { CurrentViewer } from '#libs/platform/src/auth/public.decorator.js';
import type { Viewer } from '#libs/platform/src/auth/viewer.js';
import type { AppConfig } from '#libs/platform/src/config.js';
import { publicBaseUrl } from '#libs/platform/src/http/public-url.js';
import { ResourceController } from '#libs/platform/src/resources/resource.controller.js';
import { Ports, ResourcePortsProvider } from '#libs/platform/src/resources/resource-ports.js';
import { CONFIG } from '#libs/platform/src/tokens.js';
import { trackingSnippet } from '../domain/onboarding.js';
import { websitesResource, type WebsiteRecord } from './organisation-resources.js';

export { DOMAIN_MISMATCH, WEBSITES_LIST } from './organisation-resources.js';

/** Websites (the resource framework's routes, organisation-resources.ts) and their tracking installation. */
@Controller('websites')
export class WebsitesController extends ResourceController<WebsiteRecord> {
  constructor(
    @Ports() ports: ResourcePortsProvider,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {
    super(websitesResource(config), ports);
  }

  /** The tracking snippet to install on the website, and whether it was found there. */
  @Get(':id/installation')
  async installation(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Req() request: Request) {
    const website = await this.kind.load(this.env(viewer, ''), id);
    const base = publicBaseUrl(this.config, request);
    const installation = website.installation as
      { verified: boolean; verifiedAt: string | null; url: string | null } | undefined;
    return {
      websiteId: id,
      url: website.url,
      key: website.key,
      snippet: trackingSnippet(base, website.key),
      verified: installation?.verified ?? false,
      verifiedAt: installation?.verifiedAt ?? null,
      checkedUrl: installation?.url ?? null,
    };
  }
}
