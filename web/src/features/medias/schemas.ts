import { z } from 'zod'
import { validationMessages } from '@/lib/validation'
import { FOLDER_SEPARATOR } from './lib/folders'

const { required } = validationMessages

export const mediaMessages = {
  fillAllFields: 'Preencha todos os campos',
  folderSeparator: 'O nome da pasta não pode conter o caractere |',
  folderTooLong: 'O nome da pasta pode ter no máximo 100 caracteres',
  folderExists: 'Já existe uma pasta com esse nome aqui',
  nameTooLong: 'O nome pode ter no máximo 200 caracteres',
} as const

/** Rename modal ('Editar'); with the media id it makes POST /media/{franchise}/{id}. */
export const renameMediaSchema = z.object({
  mediaName: z.string().trim().min(1, required).max(200, mediaMessages.nameTooLong),
})
export type RenameMediaInput = z.infer<typeof renameMediaSchema>

/** 'Nova Pasta' modal: a folder inside the open one, kept in the browser until a file goes in. */
export const newFolderSchema = z.object({
  folderName: z
    .string()
    .trim()
    .min(1, required)
    .max(100, mediaMessages.folderTooLong)
    .refine((name) => !name.includes(FOLDER_SEPARATOR), mediaMessages.folderSeparator),
})
export type NewFolderInput = z.infer<typeof newFolderSchema>

/** Upload modal: every queued file needs a non-blank name. */
export const uploadNamesSchema = z.object({
  files: z.array(
    z.object({
      fileName: z.string().trim().min(1, mediaMessages.fillAllFields).max(200, mediaMessages.nameTooLong),
    }),
  ),
})
export type UploadNamesInput = z.infer<typeof uploadNamesSchema>
