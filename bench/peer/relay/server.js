// The peer of bench/peer.py: a word-race room relay on socket.io, built the way the small
// open-source multiplayer word games are (Node.js, socket.io rooms, clients that compute
// their own boards). The server checks nothing of a guess: it keeps the board the client
// sent and broadcasts it to the room, one socket.io emit to the room's 6 sockets. That is
// the least a real-time word game server can do per guess, so it is the floor the
// benchmark sets wordarena beside (wordarena scores every guess itself and sends each
// player a view of its own).
//
//     node server.js PORT [HOST]     # HOST defaults to 127.0.0.1: loopback only
//
// Events (client → server): joinRoom(roomId, name), wrongGuess(roomId, board).
// Events (server → client): roomJoined(roomId, players) to the one who joined,
// playersUpdated(names) and gameBoardsUpdated(socketId, board) to the whole room.
import { createServer } from "node:http";
import { Server } from "socket.io";

const port = Number(process.argv[2] || 3005);
const host = process.argv[3] || "127.0.0.1";

// Any request that is not socket.io's: the benchmark waits for this answer before it starts.
const http = createServer((request, response) => {
  response.writeHead(200, { "content-type": "text/plain" });
  response.end("ok");
});
// socket.io's defaults (no compression, 25 s pings), as a deployed game keeps them; a
// benchmark's many sockets from one address need no limit raised here.
const io = new Server(http);

const rooms = new Map(); // roomId → Map(socket.id → { name, board })

io.on("connection", (socket) => {
  let joined = null;

  socket.on("joinRoom", (roomId, name) => {
    if (typeof roomId !== "string" || joined !== null) return;
    joined = roomId;
    if (!rooms.has(roomId)) rooms.set(roomId, new Map());
    const room = rooms.get(roomId);
    room.set(socket.id, { name: String(name), board: [] });
    socket.join(roomId);
    socket.emit("roomJoined", roomId, room.size);
    io.to(roomId).emit(
      "playersUpdated",
      [...room.values()].map((p) => p.name),
    );
  });

  // A guess the client has scored itself: keep its board, show it to the room.
  socket.on("wrongGuess", (roomId, board) => {
    if (roomId !== joined || !Array.isArray(board)) return;
    rooms.get(roomId).get(socket.id).board = board;
    io.to(roomId).emit("gameBoardsUpdated", socket.id, board);
  });

  socket.on("disconnect", () => {
    const room = joined && rooms.get(joined);
    if (!room) return;
    room.delete(socket.id);
    if (room.size === 0) rooms.delete(joined);
  });
});

http.listen(port, host, () => console.log(`relay listening on ${host}:${port}`));
