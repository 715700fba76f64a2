// Fixtures of a store's local content for the unit tests.
import type { LocalItem, LocalMedia, LocalSpace, LocalVersion, StoreLocal, StoreMedia } from './api/types'

export function localMedia(name: string, type: 'image' | 'video' = 'image'): LocalMedia {
  return { id: `m-${name}`, name, type, url: `/files/rede/local/${name}`, thumbnailUrl: '' }
}

export function storeMedia(name: string, type: 'image' | 'video' = 'image'): StoreMedia {
  return {
    id: `m-${name}`,
    name,
    type,
    filePath: `rede/local/${name}`,
    url: `/files/rede/local/${name}`,
    thumbnailUrl: '',
    folder: '',
    displayTime: type === 'video' ? 12 : 0,
    width: 10,
    height: 10,
    duration: type === 'video' ? 12 : 0,
    fps: 0,
    size: 100,
    contentType: type === 'video' ? 'video/mp4' : 'image/png',
    volume: 0,
    limitByHour: 0,
    franchise: 'rede',
    createdAt: 1,
    updatedAt: 1,
    schedules: [],
  }
}

export function version(name: string, dates: { startDate?: number; endDate?: number } = {}): LocalVersion {
  return { mediaId: `m-${name}`, media: localMedia(name), ...dates }
}

export function item(id: string, position: number, extra: Partial<LocalItem>): LocalItem {
  return {
    id,
    scheduleId: 's1',
    spaceId: 'sp1',
    position,
    state: 'approved',
    reason: '',
    live: null,
    draft: null,
    sentBy: 'Fábio',
    sentAt: 1,
    decidedBy: '',
    decidedAt: 0,
    ...extra,
  }
}

export function space(items: LocalItem[], extra: Partial<LocalSpace> = {}): LocalSpace {
  return {
    scheduleId: 's1',
    scheduleName: 'Programação Verão',
    spaceId: 'sp1',
    name: 'Recados da loja',
    localTime: 10,
    dok: 127,
    timeGap: [],
    enabled: true,
    fallback: localMedia('Institucional'),
    items,
    displays: 2,
    ...extra,
  }
}

export function storeLocal(spaces: LocalSpace[], extra: Partial<StoreLocal> = {}): StoreLocal {
  return { approval: true, spaces, media: [storeMedia('Horário de Natal'), storeMedia('Vagas', 'video')], ...extra }
}
