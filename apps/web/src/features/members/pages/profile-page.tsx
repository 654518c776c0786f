import {
  BIO_MAX_LENGTH,
  MESSAGES,
  profileUpdateSchema,
  type MemberProfile,
} from '@quillpost/domain';
import { useId, useState, type FormEvent } from 'react';
import { useMembership } from '../../../lib/membership/membership-context';
import { useMembersApi } from '../api/members-api';
import { Avatar } from '../../../components/avatar';
import { Field } from '../../../components/field';
import { TextField } from '../../../components/text-field';
import { PageTitle } from '../../../components/page-title';
import { ActionNotice, ResourceView } from '../../../components/resource-view';
import { useResource } from '../../../lib/use-resource';
import { useCan } from '../../../lib/permissions';
import { errorsOf, fieldForCode, type FieldErrors } from '../../../lib/field-errors';

function ProfileForm({ profile, onSaved }: { profile: MemberProfile; onSaved(): void }) {
  const api = useMembersApi();
  const membership = useMembership();
  const can = useCan();
  const id = useId();
  const [name, setName] = useState(profile.name ?? '');
  const [bio, setBio] = useState(profile.bio);
  const [website, setWebsite] = useState(profile.website ?? '');
  const [showInDirectory, setShowInDirectory] = useState(profile.showInDirectory);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const editable = can('edit_profile');

  async function save(event: FormEvent) {
    event.preventDefault();
    const input = { name, bio, website, showInDirectory };
    const parsed = profileUpdateSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error));
      return;
    }
    setErrors({});
    setSaving(true);
    const result = await api.updateProfile(input);
    setSaving(false);
    if (!result.ok) {
      const field = fieldForCode(result.code, {
        name: ['NAME_TOO_SHORT', 'NAME_TOO_LONG', 'NAME_INVALID'],
        bio: ['BIO_TOO_LONG'],
        website: ['WEBSITE_INVALID'],
      });
      if (field) setErrors({ [field]: result.message });
      setNotice({ tone: 'error', text: field ? MESSAGES.PROFILE_UPDATE_FAILED : result.message });
      return;
    }
    setNotice({ tone: 'success', text: MESSAGES.PROFILE_UPDATED });
    // The header and menus show the name from the session's user.
    void membership.refresh();
    onSaved();
  }

  return (
    <form className="members-card members-form" onSubmit={(event) => void save(event)} noValidate>
      <div className="profile-identity">
        <Avatar name={name || profile.email} url={profile.avatarUrl} size={72} />
        <p className="muted">
          {profile.avatarUrl
            ? 'Your picture comes from the account you signed in with.'
            : 'Link a sign-in method with a picture on the Account page to show it here.'}
        </p>
      </div>
      <fieldset disabled={!editable || saving}>
        <TextField
          id={`${id}-name`}
          label="Name"
          error={errors.name ?? null}
          value={name}
          autoComplete="name"
          onChange={(event) => setName(event.target.value)}
        />
        <Field
          id={`${id}-bio`}
          label="Short bio"
          count={`${Array.from(bio.trim()).length} / ${BIO_MAX_LENGTH}`}
          error={errors.bio ?? null}
        >
          {(control) => (
            <textarea
              {...control}
              className="field__input members-textarea"
              value={bio}
              rows={4}
              maxLength={BIO_MAX_LENGTH * 2}
              onChange={(event) => setBio(event.target.value)}
            />
          )}
        </Field>
        <TextField
          id={`${id}-website`}
          label="Website"
          error={errors.website ?? null}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={website}
          onChange={(event) => setWebsite(event.target.value)}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={showInDirectory}
            onChange={(event) => setShowInDirectory(event.target.checked)}
          />
          <span>Show me in the member directory (name, picture and bio)</span>
        </label>
        <button type="submit" className="button button--primary">
          {saving ? 'Saving…' : 'Save Profile'}
        </button>
      </fieldset>
      {!editable ? (
        <p className="muted">Your role cannot edit a profile. Ask the site owner for access.</p>
      ) : null}
      <ActionNotice notice={notice} />
    </form>
  );
}

export default function ProfilePage() {
  const api = useMembersApi();
  const profile = useResource('profile', (_client, signal) => api.profile({ signal }));
  return (
    <>
      <PageTitle title="Profile" lede="How other members see you." />
      <ResourceView resource={profile} label="your profile">
        {(data) => <ProfileForm profile={data.profile} onSaved={() => undefined} />}
      </ResourceView>
    </>
  );
}
