import { useRef, useState } from 'react';
import { CalendarClock, Info, MessageSquare, Pencil } from 'lucide-react';
import type { OwnCarerProfile } from '@contracts/carers';
import { POSTCODE_MESSAGES } from '@contracts/postcodes';
import { Alert } from '@web/components/ui/alert';
import { StarRating } from '@web/components/star-rating';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import {
  formatLongDateGB,
  formatMiles,
  formatRateRange,
  formatRating,
  NEW_CARER_LABEL,
} from '@web/lib/format';
import { AvailabilityTable } from '@web/components/availability-grid';
import { DashboardProfileEditForm } from './dashboard-profile-edit-form';
import { DashboardProfilePhoto } from './dashboard-profile-photo';
import { PROFILE_LABELS } from './profile-form-fields';
import { ComplianceCard, VerificationCard } from '@web/features/verification';

function Statistics({ profile }: { profile: OwnCarerProfile }) {
  const stats = [
    {
      label: 'Rating',
      // 'New' until the first review, not '0.0' and five empty stars.
      value: profile.reviewCount > 0 ? formatRating(profile.rating) : NEW_CARER_LABEL,
      extra: profile.reviewCount > 0 ? <StarRating rating={profile.rating} /> : null,
    },
    { label: 'Reviews', value: String(profile.reviewCount), extra: null },
    {
      label: 'Hourly rate',
      value: formatRateRange(profile.hourlyRateMin, profile.hourlyRateMax),
      extra: null,
    },
  ];
  return (
    <section aria-labelledby="dashboard-stats-heading">
      <h2 id="dashboard-stats-heading" className="sr-only">
        Statistics
      </h2>
      <dl className="grid gap-4 sm:grid-cols-3">
        {stats.map(({ label, value, extra }) => (
          <div key={label} className="grid gap-1 rounded-lg border border-border bg-card p-5 shadow-sm">
            <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
            <dd className="flex flex-wrap items-center gap-2 text-2xl font-bold">
              {value}
              {extra}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ProfileDetails({ profile }: { profile: OwnCarerProfile }) {
  const rows = [
    { label: PROFILE_LABELS.specialization, value: profile.specialization },
    { label: PROFILE_LABELS.experience, value: profile.experience },
    { label: PROFILE_LABELS.location, value: profile.location },
    {
      label: PROFILE_LABELS.homePostcode,
      value: profile.homePostcode
        ? `${profile.homePostcode} (families see ${profile.postcodeDistrict ?? 'only its first part'})`
        : 'Not given yet',
    },
    {
      label: 'Travel distance',
      value: profile.travelMiles === null ? 'Not given yet' : `Up to ${formatMiles(profile.travelMiles)}`,
    },
    { label: 'Hourly rate', value: formatRateRange(profile.hourlyRateMin, profile.hourlyRateMax) },
  ];
  const lists = [{ label: PROFILE_LABELS.qualifications, values: profile.qualifications }];
  return (
    <dl className="grid gap-5 sm:grid-cols-2">
      {rows.map(({ label, value }) => (
        <div key={label} className="grid gap-1">
          <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className="grid gap-1 sm:col-span-2">
        <dt className="text-sm font-medium text-muted-foreground">{PROFILE_LABELS.description}</dt>
        <dd className="leading-relaxed whitespace-pre-line">{profile.description}</dd>
      </div>
      {lists.map(({ label, values }) => (
        <div key={label} className="grid gap-2 sm:col-span-2">
          <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
          <dd>
            <ul className="flex flex-wrap gap-2">
              {values.map((value) => (
                <li key={value}>
                  <Badge variant="secondary">{value}</Badge>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      ))}
      <div className="grid min-w-0 gap-2 sm:col-span-2">
        <dt className="text-sm font-medium text-muted-foreground">{PROFILE_LABELS.weeklyAvailability}</dt>
        <dd className="grid min-w-0 gap-2">
          <AvailabilityTable week={profile.weeklyAvailability} caption="Your usual week" />
          <p className="text-sm">
            {profile.availabilityUpdatedAt
              ? `Last updated ${formatLongDateGB(profile.availabilityUpdatedAt)}`
              : 'Not updated since your profile was made'}
          </p>
        </dd>
      </div>
    </dl>
  );
}

type EditStart = 'details' | 'availability';
/** Where the keyboard starts in the edit form: its first field, or the week's first checkbox. */
const EDIT_START_IDS: Record<EditStart, string> = {
  details: 'edit-specialization',
  availability: 'edit-weeklyAvailability-monday-morning',
};

type DashboardProfileTabProps = {
  profile: OwnCarerProfile;
  onViewMessages: () => void;
};

/** Statistics, quick actions, photo, and the profile information with its view and edit modes. */
export function DashboardProfileTab({ profile, onViewMessages }: DashboardProfileTabProps) {
  const [editing, setEditing] = useState(false);
  const [startAt, setStartAt] = useState<EditStart>('details');
  const returnTo = useRef<HTMLButtonElement | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const availabilityButton = useRef<HTMLButtonElement>(null);

  const startEditing = (at: EditStart) => {
    returnTo.current = at === 'details' ? editButton.current : availabilityButton.current;
    setStartAt(at);
    if (editing) document.getElementById(EDIT_START_IDS[at])?.focus();
    setEditing(true);
  };
  const stopEditing = () => {
    setEditing(false);
    // The form that had focus is gone: put the keyboard back where editing started.
    returnTo.current?.focus();
  };

  return (
    <div className="grid gap-6">
      <Statistics profile={profile} />

      <VerificationCard />

      <ComplianceCard />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle asChild className="text-lg">
                <h2>Quick actions</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3">
              <Button
                ref={editButton}
                variant="outline"
                className="justify-start"
                onClick={() => startEditing('details')}
              >
                <Pencil aria-hidden="true" />
                Edit Profile
              </Button>
              <Button variant="outline" className="justify-start" onClick={onViewMessages}>
                <MessageSquare aria-hidden="true" />
                View Messages
              </Button>
              {/* Opens the edit form at the weekly availability grid. */}
              <Button
                ref={availabilityButton}
                variant="outline"
                className="justify-start"
                onClick={() => startEditing('availability')}
              >
                <CalendarClock aria-hidden="true" />
                Update Availability
              </Button>
            </CardContent>
          </Card>
          <DashboardProfilePhoto profile={profile} />
        </div>

        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle asChild className="text-lg">
              <h2>Profile information</h2>
            </CardTitle>
            <CardDescription>
              {editing
                ? 'Change your details, then save. Cancel discards your changes.'
                : 'What families see on your public profile.'}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            {profile.homePostcodeChecked ? null : (
              <Alert role="status">
                <Info aria-hidden="true" />
                <p>{POSTCODE_MESSAGES.unchecked}</p>
              </Alert>
            )}
            {editing ? (
              <DashboardProfileEditForm
                profile={profile}
                onDone={stopEditing}
                startAt={EDIT_START_IDS[startAt]}
              />
            ) : (
              <ProfileDetails profile={profile} />
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
