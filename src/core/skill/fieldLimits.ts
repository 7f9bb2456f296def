/**
 * The Agent Skills standard's limits on a skill's name and description (docs/skill-format.md,
 * docs/clients.md): the lint, the clients' profiles, a name made from typed text and the form's
 * counter all read them from here.
 */
export const MAX_NAME_CHARS = 64

export const MAX_DESCRIPTION_CHARS = 1024
