import { PAGE_PATHS } from '@quillpost/domain';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router-dom';
import { useDates } from '../../../lib/use-dates';
import { useMembersApi } from '../api/members-api';
import { Avatar } from '../../../components/avatar';
import { PageTitle } from '../../../components/page-title';
import { EmptyNote, ResourceView } from '../../../components/resource-view';
import { useResource } from '../../../lib/use-resource';
import { TextField } from '../../../components/text-field';

export default function DirectoryPage() {
  const dates = useDates();
  const api = useMembersApi();
  const [query, setQuery] = useState('');
  const q = useDeferredValue(query.trim());
  const directory = useResource(`directory:${q}`, (_client, signal) =>
    api.directory(q, { signal }),
  );

  return (
    <>
      <PageTitle
        title="Member Directory"
        lede={
          <>
            Members who chose to be listed. Add yourself from{' '}
            <Link to={PAGE_PATHS.membersProfile}>your profile</Link>.
          </>
        }
      />
      <TextField
        id="directory-search"
        className="members-search"
        label="Search members"
        type="search"
        value={query}
        error={null}
        onChange={(event) => setQuery(event.target.value)}
      />
      <ResourceView resource={directory} label="the member directory">
        {(data) =>
          !data.open ? (
            <EmptyNote>
              <p>The member directory is closed for now.</p>
            </EmptyNote>
          ) : data.members.length === 0 ? (
            <EmptyNote>
              <p>{q ? 'Nobody matches that search.' : 'Nobody is listed yet.'}</p>
            </EmptyNote>
          ) : (
            <ul className="directory-grid">
              {data.members.map((member) => (
                <li key={member.id} className="members-card directory-card">
                  <Avatar name={member.name} url={member.avatarUrl} size={56} />
                  <div>
                    <h2 className="directory-card__name">{member.name ?? 'Member'}</h2>
                    {member.bio ? <p>{member.bio}</p> : null}
                    <p className="muted directory-card__since">
                      Member since {dates.date(member.memberSince)}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </ResourceView>
    </>
  );
}
