// The console's words for event types and actions (apps/console/src/common/words.ts
// `humanizeName`), typed by hand (issue 27: "History and lists speak the console's words ('CTA
// created', 'URL list created')").
import { describe, expect, it } from '@jest/globals';
import { humanizeName } from '../../apps/console/src/common/words.js';

describe('the words of an event type or action', () => {
  it.each([
    ['CtaCreated', 'CTA created'],
    ['UrlListCreated', 'URL list created'],
    ['CtaDraftSaved', 'CTA draft saved'],
    ['ReturnToWriter', 'Return to writer'],
    ['SubmitForFactCheck', 'Submit for fact check'],
    ['ExportCsv', 'Export CSV'],
    ['HubspotConnected', 'HubSpot connected'],
    ['WebsiteInstallationVerified', 'Website installation verified'],
    ['page_view', 'Page view'],
    ['SEOAudit', 'SEO audit'],
  ])('%s reads "%s"', (name, words) => {
    expect(humanizeName(name)).toBe(words);
  });
});
