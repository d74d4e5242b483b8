import "server-only";
import type { TaskList } from "graphile-worker";
import { mailTasks } from "@/lib/email/task";
import { paymentTasks } from "@/lib/payments/jobs";
import { expiryTasks } from "@/lib/flows/expire-unpaid-order";
import { notificationTasks } from "@/lib/notifications/send-message";

// The one list of every job the shop queues and the handler that runs it, for the job worker
// (lib/jobs/worker.ts) wherever it runs: inside the server, `npm run worker`, GET /api/cron/jobs.
export const taskList: TaskList = { ...mailTasks, ...paymentTasks, ...expiryTasks, ...notificationTasks };
