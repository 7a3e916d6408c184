-- First start of the compose example's PostgreSQL: Keycloak gets its own database.
CREATE DATABASE keycloak OWNER svn;
