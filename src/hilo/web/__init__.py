"""Playing with friends over the web: storage now; the server and the browser table follow."""
