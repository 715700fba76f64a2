// The length rule of names, apart from the form schemas (lib/validation.ts)
// so that a screen reading a name from its address checks it without zod.

/**
 * The most characters a name may have (groups, stores and their contacts, TVs,
 * schedules, users, advertisements): the server's names.MaxLen. Characters are
 * code points, as the server counts them, so an emoji counts one.
 * Both sides run api/name-length-cases.json.
 */
export const NAME_MAX_LENGTH = 120

/** Whether name (already trimmed) has more than NAME_MAX_LENGTH characters. */
export const nameTooLong = (name: string) => [...name].length > NAME_MAX_LENGTH
