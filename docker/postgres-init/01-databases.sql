-- One database per app (DESIGN §1). Runs once, when the postgres volume is first created.
CREATE DATABASE tax_gateway;
CREATE DATABASE accounting;
CREATE DATABASE service_registry;
