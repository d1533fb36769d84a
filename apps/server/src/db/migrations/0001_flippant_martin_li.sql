CREATE TABLE "audit_log" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_admin_id" varchar(24),
	"action" varchar(64) NOT NULL,
	"entity_type" varchar(64),
	"entity_id" varchar(64),
	"client_address" varchar(64),
	"user_agent" varchar(512),
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"location_id" varchar(24)
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" varchar(300) PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_sessions" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"admin_id" varchar(24) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"client_address" varchar(64),
	"user_agent" varchar(512),
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "admin_locations" ADD COLUMN "link_order" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "admin_locations_link_order_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "admin_gender" varchar(16);--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "admin_phone_number" varchar(32);--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "admin_birthday" date;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "admin_address" varchar(300);--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "admin_profile_photo" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_admin_id_admins__id_fk" FOREIGN KEY ("actor_admin_id") REFERENCES "public"."admins"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_admin_id_admins__id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_actor" ON "audit_log" USING btree ("actor_admin_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_sessions_token_hash" ON "admin_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "admin_sessions_admin" ON "admin_sessions" USING btree ("admin_id");