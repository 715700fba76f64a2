import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

// Every shape here comes from api/openapi.yaml (npm run gen:api).

export type TeamRole = Schemas['TeamRole']
export type Team = Schemas['Team']
export type TeamMember = Schemas['TeamMember']
export type TeamInvitation = Schemas['TeamInvitation']
export type TeamStore = Schemas['TeamStore']
export type TeamMemberInput = Schemas['TeamMemberInput']
export type TeamInviteInput = Schemas['TeamInviteInput']
export type InvitationView = Schemas['InvitationView']
export type AcceptInvitationInput = Schemas['AcceptInvitationInput']
export type AcceptedInvitation = Schemas['AcceptedInvitation']
