CREATE TABLE "admin_invitation_locations" (
	"invitation_id" varchar(24) NOT NULL,
	"location_id" varchar(24) NOT NULL,
	CONSTRAINT "admin_invitation_locations_invitation_id_location_id_pk" PRIMARY KEY("invitation_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "admin_invitations" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"admin_invite_email" varchar(265) NOT NULL,
	"admin_invite_role_id" varchar(24) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"lang" varchar(8) NOT NULL,
	"invited_by" varchar(24),
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_password_resets" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"admin_id" varchar(24) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"to" varchar(320) NOT NULL,
	"subject" varchar(300) NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "location_token" varchar(64) DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "location_android_app" varchar(2048);--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "location_android_store" varchar(2048);--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "location_ios_app" varchar(2048);--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "location_ios_store" varchar(2048);--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "location_fallback_url" varchar(2048);--> statement-breakpoint
ALTER TABLE "admin_invitation_locations" ADD CONSTRAINT "admin_invitation_locations_invitation_id_admin_invitations__id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."admin_invitations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_invitation_locations" ADD CONSTRAINT "admin_invitation_locations_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_invitations" ADD CONSTRAINT "admin_invitations_admin_invite_role_id_roles__id_fk" FOREIGN KEY ("admin_invite_role_id") REFERENCES "public"."roles"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_invitations" ADD CONSTRAINT "admin_invitations_invited_by_admins__id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."admins"("_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_password_resets" ADD CONSTRAINT "admin_password_resets_admin_id_admins__id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_invitations_token_hash" ON "admin_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_invitations_open_email" ON "admin_invitations" USING btree (lower("admin_invite_email")) WHERE "admin_invitations"."accepted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_password_resets_token_hash" ON "admin_password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "admin_password_resets_admin" ON "admin_password_resets" USING btree ("admin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_location_token" ON "locations" USING btree ("location_token");