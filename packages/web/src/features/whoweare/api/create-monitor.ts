import { CLIENT_ERRORS, type MonitorMutationResult } from '@fogata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api-client';
import { monitorsQueryKey } from './get-monitors';

export interface NewMonitor {
  name: string;
  role_description: string;
  description?: string;
  image: File;
}

/** POST /monitors, multipart: name, role_description, description, image. */
export const createMonitor = ({ name, role_description, description, image }: NewMonitor) => {
  const form = new FormData();
  form.append('name', name);
  form.append('role_description', role_description);
  form.append('description', description ?? '');
  form.append('image', image);
  return request(
    () => api.post<MonitorMutationResult>('/monitors', form),
    CLIENT_ERRORS.monitorCreate,
  );
};

export const useCreateMonitor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMonitor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: monitorsQueryKey }),
  });
};
