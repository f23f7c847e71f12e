CREATE TABLE "ledger_versions" (
	"group_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
