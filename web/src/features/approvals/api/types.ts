import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

// Shapes from api/openapi.yaml (npm run gen:api).
export type Approval = Schemas['Approval']
export type ApprovalList = Schemas['ApprovalList']
export type ApprovalDecision = Schemas['ApprovalDecision']
export type ApprovalResult = Schemas['ApprovalResult']
export type LocalVersion = Schemas['LocalVersion']
export type BottomBar = Schemas['BottomBar']
