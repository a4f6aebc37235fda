import { CLIENT_ERRORS, type MonitorMutationResult } from '@fogata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { monitorsQueryKey } from './get-monitors';

export interface MonitorChanges {
  id: number;
  name: string;
  role_description: string;
  /** Blank removes the description. */
  description?: string;
  /** Only when the photo is replaced; otherwise the current one stays. */
  image?: File | null;
}

/** PUT /monitors/{id}, multipart: name, role_description, description, image (only if replaced). */
export const updateMonitor = ({
  id,
  name,
  role_description,
  description,
  image,
}: MonitorChanges) => {
  const form = new FormData();
  form.append('name', name);
  form.append('role_description', role_description);
  form.append('description', description ?? '');
  if (image) form.append('image', image);
  return request(
    () => api.put<MonitorMutationResult>(`/monitors/${id}`, form),
    CLIENT_ERRORS.monitorUpdate(id),
  );
};

export const useUpdateMonitor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMonitor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: monitorsQueryKey }),
  });
};
