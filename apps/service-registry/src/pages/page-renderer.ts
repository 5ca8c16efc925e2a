import type { BadgeView } from '../services/service.view';
import { toBadgeViews, sunsetDate } from '../services/service.view';
import type { ServiceEntity } from '../services/entities/service.entity';
import { html, raw, type RawHtml } from '@lib/platform';

/** Robots directive of a stage (only public pages are indexable). */
export function robotsFor(stage: ServiceEntity['marketplace_status']): string | undefined {
  return stage === 'public' ? undefined : 'noindex, nofollow';
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1b1f24}
.badge{display:inline-block;border-radius:.25rem;padding:.1rem .5rem;margin-right:.5rem;font-size:.85rem;font-weight:600}
.badge-beta{background:#dbeafe;color:#1e3a8a}.badge-deprecated{background:#fee2e2;color:#7f1d1d}.badge-audit{background:#fef3c7;color:#78350f}
.card{border:1px solid #d0d7de;border-radius:.5rem;padding:1rem;margin:1rem 0}`;

function layout(title: string, body: RawHtml, robots?: string): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${robots ? html`<meta name="robots" content="${robots}">` : ''}
<title>${title}</title>
<style>${raw(STYLE)}</style>
</head>
<body>
${body}
</body>
</html>
`.toString();
}

function badgeList(badges: BadgeView[]): RawHtml {
  if (badges.length === 0) return raw('');
  return html`<p class="badges">${badges.map((b) => html`<span class="badge badge-${b.kind}" data-badge="${b.kind}">${b.label}</span>`)}</p>`;
}

/** `GET /s/{slug}/`: tagline, features, badges (Beta; Deprecated with the sunset date). */
export function renderDetailPage(service: ServiceEntity): string {
  const features = service.features ?? [];
  const body = html`<main>
<h1>${service.name}</h1>
${badgeList(toBadgeViews(service))}
${service.tagline ? html`<p class="tagline">${service.tagline}</p>` : ''}
${service.description ? html`<p class="description">${service.description}</p>` : ''}
${features.length > 0 ? html`<h2>Features</h2><ul class="features">${features.map((f) => html`<li>${f}</li>`)}</ul>` : ''}
${
  service.status === 'deprecated' && service.sunset_at
    ? html`<p class="sunset">This service is deprecated and will be retired on <time datetime="${new Date(service.sunset_at).toISOString()}">${sunsetDate(service.sunset_at)}</time>.</p>`
    : ''
}
</main>`;
  return layout(`${service.name} - Marketplace`, body, robotsFor(service.marketplace_status));
}

/** A card of the catalog page (beta with a Beta badge, public without). */
function card(service: ServiceEntity): RawHtml {
  return html`<article class="card" data-slug="${service.slug}">
<h2><a href="/s/${service.slug}/">${service.name}</a></h2>
${badgeList(toBadgeViews(service))}
${service.tagline ? html`<p>${service.tagline}</p>` : ''}
</article>`;
}

/** `GET /s/`: the marketplace catalog (beta and public services the viewer may see). */
export function renderCatalogPage(services: ServiceEntity[], robots?: string): string {
  const body = html`<main><h1>Marketplace</h1>${services.length === 0 ? html`<p>No services yet.</p>` : services.map(card)}</main>`;
  return layout('Marketplace', body, robots);
}

export interface GoneDetails {
  slug: string;
  name: string;
  from: string;
  to: string;
  at: Date;
  reason: string | null;
  explanationPath: string;
}

/** Body of the 410 answer during the grace period after a demotion from beta or public. */
export function renderGonePage(d: GoneDetails): string {
  const body = html`<main><h1>${d.name} is no longer available here</h1>
<p>This service was withdrawn from the marketplace. <a href="${d.explanationPath}">Read why</a>.</p></main>`;
  return layout(`${d.name} - withdrawn`, body, 'noindex, nofollow');
}

/** The explanation page the 410 points to. */
export function renderExplanationPage(d: GoneDetails): string {
  const body = html`<main><h1>Why ${d.name} was withdrawn</h1>
<p>On <time datetime="${d.at.toISOString()}">${d.at.toISOString().slice(0, 10)}</time> the service moved from ${d.from} to ${d.to}.</p>
${d.reason ? html`<p class="reason">Reason: ${d.reason}</p>` : ''}
<p><a href="/s/">Back to the marketplace</a></p></main>`;
  return layout(`${d.name} - withdrawn`, body, 'noindex, nofollow');
}
