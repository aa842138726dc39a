-- The product's own PostgreSQL role: it logs in, owns its database (and so the tables the product
-- creates there), and nothing more: no superuser, no CREATEROLE, no replication, no file access.
-- Run as an administrator with psql, giving the role, its password and the database:
--   psql "$ADMIN_URL" -v ON_ERROR_STOP=1 -v role=platform -v password='...' -v db=platform -f deploy/postgres/create-role.sql
-- It is idempotent: an existing role gets the password again, an existing database is kept.
SELECT format('CREATE ROLE %I LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS', :'role')
WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'role') \gexec
SELECT format('ALTER ROLE %I WITH LOGIN NOSUPERUSER NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD %L', :'role', :'password') \gexec
SELECT format('CREATE DATABASE %I OWNER %I', :'db', :'role')
WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = :'db') \gexec
SELECT format('REVOKE ALL ON DATABASE %I FROM PUBLIC', :'db') \gexec
SELECT format('GRANT ALL ON DATABASE %I TO %I', :'db', :'role') \gexec
