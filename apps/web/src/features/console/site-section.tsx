/**
 * Console → Site: who the site is, the same keys as content/site.yml, checked by the same schema
 * before they are sent. Saving rewrites the file (the owner's comments stay) and every page, feed
 * and email follows at once; the frame of this page is read again to show it.
 */
import {
  defaultFediverseHandle,
  MESSAGES,
  siteFileSchema,
  SOCIAL_NETWORK_LABELS,
  SOCIAL_NETWORKS,
  type SiteFileValues,
} from '@quillpost/domain';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useRevalidator } from 'react-router-dom';
import { TextField } from '../../components/text-field';
import { useConsoleApi } from './api/console-api';
import { ActionNotice, ResourceView, noticeOf } from '../../components/resource-view';
import { useResource } from '../../lib/use-resource';
import { timeZones } from './time-zones';
import { Field } from '../../components/field';
import { SelectField } from '../../components/select-field';

type Errors = Record<string, string>;

/**
 * What is sent: empty profiles, newsletter names and handle left out (the file then has none, and
 * the handle is derived from the owner's name).
 */
function bodyOf(values: SiteFileValues): SiteFileValues {
  const social = Object.fromEntries(
    Object.entries(values.social).filter(([, url]) => url?.trim()),
  ) as SiteFileValues['social'];
  const newsletter = Object.fromEntries(
    Object.entries(values.newsletter).filter(([, text]) => text?.trim()),
  ) as SiteFileValues['newsletter'];
  const handle = values.fediverse.handle?.trim();
  return { ...values, social, newsletter, fediverse: handle ? { handle } : {} };
}

/** The schema's complaints by field, as `owner.name`. */
function errorsOf(values: SiteFileValues): Errors {
  const result = siteFileSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  );
}

function TextArea({
  id,
  label,
  hint,
  rows,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  rows: number;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error ?? null}>
      {(control) => (
        <textarea
          {...control}
          className="field__input members-textarea"
          rows={rows}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

function SiteForm({ initial }: { initial: SiteFileValues }) {
  const id = useId();
  const api = useConsoleApi();
  const revalidator = useRevalidator();
  const [values, setValues] = useState(initial);

  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const set = (patch: Partial<SiteFileValues>) => setValues({ ...values, ...patch });
  const setOwner = (patch: Partial<SiteFileValues['owner']>) =>
    set({ owner: { ...values.owner, ...patch } });
  const text = (field: 'title' | 'tagline' | 'description' | 'language', label: string) => (
    <TextField
      id={`${id}-${field}`}
      label={label}
      value={values[field]}
      error={errors[field] ?? null}
      onChange={(event) => set({ [field]: event.target.value })}
    />
  );

  async function save(event: FormEvent) {
    event.preventDefault();
    const body = bodyOf(values);
    const found = errorsOf(body);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setNotice({ tone: 'error', text: 'Please check the fields marked below.' });
      return;
    }
    setSaving(true);
    const result = await api.updateSite(body);
    setSaving(false);
    if (result.ok) {
      setValues(result.data.site);
      // The header, footer and this page's head show the site: read it again.
      revalidator.revalidate();
    }
    setNotice(noticeOf(result, (data) => data.message ?? MESSAGES.SITE_UPDATED));
  }

  return (
    <form className="members-card members-form" onSubmit={(event) => void save(event)} noValidate>
      <p className="field__hint">
        The same as <code>content/site.yml</code>: edit it here or in the file, whichever you like.
      </p>
      <fieldset disabled={saving} className="members-fieldset">
        <legend>The site</legend>
        {text('title', 'Site title')}
        {text('tagline', 'Tagline')}
        <TextArea
          id={`${id}-description`}
          label="Description"
          hint="What search engines and link previews say about the site."
          rows={3}
          value={values.description}
          error={errors.description}
          onChange={(description) => set({ description })}
        />
        {text('language', 'Language')}
        <SelectField
          id={`${id}-timezone`}
          label="Time zone"
          value={values.timezone}
          options={timeZones(values.timezone)}
          optionLabel={(zone) => zone}
          onChange={(timezone) => set({ timezone })}
        />
        <Field id={`${id}-accent`} label="Accent colour">
          {(control) => (
            <input
              {...control}
              type="color"
              className="field__input field__input--colour"
              value={values.accent}
              onChange={(event) => set({ accent: event.target.value })}
            />
          )}
        </Field>
      </fieldset>

      <fieldset disabled={saving} className="members-fieldset">
        <legend>You</legend>
        <TextField
          id={`${id}-owner-name`}
          label="Your name"
          value={values.owner.name}
          error={errors['owner.name'] ?? null}
          onChange={(event) => setOwner({ name: event.target.value })}
        />
        <TextArea
          id={`${id}-owner-bio`}
          label="Bio"
          rows={3}
          value={values.owner.bio}
          error={errors['owner.bio']}
          onChange={(bio) => setOwner({ bio })}
        />
        <TextArea
          id={`${id}-intro`}
          label="Introduction"
          hint="The home page's opening, in Markdown. Its first heading (# …) is the page's title."
          rows={7}
          value={values.intro}
          error={errors.intro}
          onChange={(intro) => set({ intro })}
        />
      </fieldset>

      <fieldset disabled={saving} className="members-fieldset">
        <legend>Your profiles elsewhere</legend>
        <p className="field__hint">
          Shown in the menu, on /links, in the footer and to search engines. Leave one empty to hide
          it.
        </p>
        {SOCIAL_NETWORKS.map((network) => (
          <TextField
            key={network}
            id={`${id}-social-${network}`}
            label={SOCIAL_NETWORK_LABELS[network]}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={values.social[network] ?? ''}
            error={errors[`social.${network}`] ?? null}
            onChange={(event) =>
              set({ social: { ...values.social, [network]: event.target.value } })
            }
          />
        ))}
      </fieldset>

      <fieldset disabled={saving} className="members-fieldset">
        <legend>Newsletter</legend>
        <TextField
          id={`${id}-newsletter-name`}
          label="Newsletter name"
          placeholder={values.title}
          value={values.newsletter.name ?? ''}
          error={errors['newsletter.name'] ?? null}
          onChange={(event) =>
            set({ newsletter: { ...values.newsletter, name: event.target.value } })
          }
        />
      </fieldset>

      <fieldset disabled={saving} className="members-fieldset">
        <legend>The social web</legend>
        <p className="field__hint">
          People on Mastodon and other fediverse servers follow the site as @handle@ the site’s
          address. Letters, digits and _; whoever follows an old handle keeps following.
        </p>
        <TextField
          id={`${id}-fediverse-handle`}
          label="Fediverse handle"
          placeholder={defaultFediverseHandle(values.owner.name)}
          autoCapitalize="none"
          spellCheck={false}
          value={values.fediverse.handle ?? ''}
          error={errors['fediverse.handle'] ?? null}
          onChange={(event) => set({ fediverse: { handle: event.target.value } })}
        />
        <button type="submit" className="button button--primary">
          Save
        </button>
      </fieldset>
      <ActionNotice notice={notice} />
    </form>
  );
}

export function SiteSection() {
  const api = useConsoleApi();
  const site = useResource('site-file', (_client, signal) => api.siteFile({ signal }));
  return (
    <ResourceView resource={site} label="the site">
      {(data) => <SiteForm initial={data.site} />}
    </ResourceView>
  );
}
