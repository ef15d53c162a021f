/** The tradesperson's working pattern, lead time, jobs a day and time off (built in issue 37). */
export function AvailabilitySettings() {
  return null;
}
