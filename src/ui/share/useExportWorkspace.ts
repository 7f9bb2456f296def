import { usePlaygroundStore } from '../../state/PlaygroundProvider'
import { useServices } from '../common/services'
import { workspaceZipDownload } from './workspaceExport'

/** Downloads the whole workspace as a zip: the Export menu, and the banners that offer a way to keep work safe. */
export function useExportWorkspace(): () => void {
  const store = usePlaygroundStore()
  const { download } = useServices()
  return () => {
    const file = workspaceZipDownload(store.getState())
    download(file.name, file.content, file.type)
  }
}
