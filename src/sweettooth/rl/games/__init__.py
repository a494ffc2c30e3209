"""One module per game: its action table (`action_notations`) and observation encoder (`build`)."""
