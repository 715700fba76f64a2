package httpapi

// The caps on the consoles' event streams, for the tests that cross them.
const (
	StreamsPerSession = streamsPerSession
	StreamsPerUser    = streamsPerUser
)
