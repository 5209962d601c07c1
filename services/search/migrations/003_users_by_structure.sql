create index search_g2_users_roots on search_g2_users using gin (root_group_ids);
