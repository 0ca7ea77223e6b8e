CREATE TABLE "periodic_tasks" (
	"name" text PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
