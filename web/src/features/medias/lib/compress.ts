import Compressor from 'compressorjs'
import { PNG_TO_JPEG_SIZE, type CompressionPlan } from './upload-rules'

/**
 * Compresses an image with its plan (quality 0.7, at most 1920 px, large
 * PNGs to JPEG). compressorjs keeps the original when its result would be
 * larger; a failure also sends the original.
 */
export function compressImage(file: File, plan: CompressionPlan): Promise<Blob> {
  return new Promise((resolve) => {
    new Compressor(file, {
      quality: plan.quality,
      maxWidth: plan.maxWidth,
      maxHeight: plan.maxHeight,
      convertTypes: plan.convertToJpeg ? ['image/png'] : [],
      convertSize: PNG_TO_JPEG_SIZE,
      success: (result) => resolve(result),
      error: () => resolve(file),
    })
  })
}
