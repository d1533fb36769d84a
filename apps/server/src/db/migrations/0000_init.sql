CREATE TABLE "admin_locations" (
	"admin_id" varchar(24) NOT NULL,
	"location_id" varchar(24) NOT NULL,
	CONSTRAINT "admin_locations_admin_id_location_id_pk" PRIMARY KEY("admin_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "admins" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"admin_email" varchar(265) NOT NULL,
	"admin_password_hash" varchar(255) NOT NULL,
	"admin_name" varchar(120) NOT NULL,
	"admin_surname" varchar(120) NOT NULL,
	"admin_role_id" varchar(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"role_name" varchar(120) NOT NULL,
	"menu_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"_id" varchar(24) PRIMARY KEY NOT NULL,
	"location_name" varchar(120) NOT NULL,
	"location_timezone" varchar(64) DEFAULT 'Europe/Istanbul' NOT NULL,
	"location_logo_thumbnail" text,
	"has_mobile_app" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_locations" ADD CONSTRAINT "admin_locations_admin_id_admins__id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_locations" ADD CONSTRAINT "admin_locations_location_id_locations__id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_admin_role_id_roles__id_fk" FOREIGN KEY ("admin_role_id") REFERENCES "public"."roles"("_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admins_email_unique" ON "admins" USING btree (lower("admin_email"));