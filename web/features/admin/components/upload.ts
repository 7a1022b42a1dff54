import { ApiError, client, unwrap } from "../../../lib/api";

export type UploadKind = "event" | "partner";

/**
 * Asks the Worker for a signed upload URL bound to kind, type and size, then PUTs the raw bytes
 * to it. XMLHttpRequest, not fetch, because only it reports upload progress.
 */
export async function uploadImage(kind: UploadKind, file: Blob, onProgress: (fraction: number) => void): Promise<string> {
  const { uploadURL } = await unwrap(client.api.objects.upload.$post({ json: { kind, contentType: file.type, size: file.size } }));
  return putWithProgress(uploadURL, file, onProgress);
}

function putWithProgress(url: string, file: Blob, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.setRequestHeader("Content-Type", file.type);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          const { objectPath } = JSON.parse(xhr.responseText) as { objectPath: string };
          onProgress(1);
          resolve(objectPath);
        } catch {
          reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText));
        }
      } else {
        reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, "Network error", ""));
    xhr.send(file);
  });
}
