import { useTaskExport } from '../../../lib/task-export';
import { useStartUsageExport } from '../api/usage-export';

export type { ExportPhase, ExportProblem } from '../../../lib/task-export';

/** The usage export over a month range: a background task, followed and downloaded. */
export const useUsageExport = () => useTaskExport(useStartUsageExport());
