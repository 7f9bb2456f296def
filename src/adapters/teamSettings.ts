/**
 * Two things a team member sets once on this device: the team token (kept for the tab, like a
 * browser API key, so it never enters the workspace, an export or a link) and the team address
 * links should point to when this page runs on a local address.
 */
const TOKEN = 'skill-playground:team-token'
const ADDRESS = 'skill-playground:team-address'

export function readTeamToken(): string {
  try {
    return sessionStorage.getItem(TOKEN) ?? ''
  } catch {
    return ''
  }
}

export function writeTeamToken(token: string): void {
  try {
    if (token === '') sessionStorage.removeItem(TOKEN)
    else sessionStorage.setItem(TOKEN, token)
  } catch {
    // Storage refused: the token lasts for this page only.
  }
}

export function readTeamAddress(): string {
  try {
    return localStorage.getItem(ADDRESS) ?? ''
  } catch {
    return ''
  }
}

export function writeTeamAddress(address: string): void {
  try {
    if (address === '') localStorage.removeItem(ADDRESS)
    else localStorage.setItem(ADDRESS, address)
  } catch {
    // The address then lasts for this page only.
  }
}
