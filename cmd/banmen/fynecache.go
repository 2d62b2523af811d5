package main

// Fyne keeps the texture of each text it drew for 15 s after its last use, not a minute
// (see the package): the engine panel's changing texts cost less memory while studying.
import _ "banmen/internal/fynecache"
