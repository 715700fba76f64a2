import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

// Shapes from api/openapi.yaml (npm run gen:api).
export type Media = Schemas['Media']
export type MediaFolder = Schemas['MediaFolder']
/**
 * The library as the console reads it: its folder tree alone, which holds every
 * file once (GET /media/{franchise}?only=folderMap; the full answer repeats each
 * file in a flat list the console does not need).
 */
export type MediaLibrary = Schemas['MediaFolderTree']
export type ScheduleRef = Schemas['ScheduleRef']
export type MediaRegisterInput = Schemas['MediaRegisterInput']
export type MediaUpdateInput = Schemas['MediaUpdateInput']

/** What the upload modal sends: images or videos. */
export type MediaKind = 'image' | 'video'

/** A signed direct upload: post `fields` then the file to `url`. */
export type UploadPolicy = { url: string; fields: Record<string, string> }
