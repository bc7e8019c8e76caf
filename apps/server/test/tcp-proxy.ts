import net from 'node:net';

/**
 * A TCP proxy in front of a server (PostgreSQL), to take it away and bring it back as a network
 * cut or a restart would: `cut` drops every connection through it and refuses new ones until `restore`.
 */
export const startTcpProxy = async (target: { host: string; port: number }) => {
  const open = new Set<net.Socket>();
  let refusing = false;
  const server = net.createServer((inbound) => {
    if (refusing) {
      inbound.destroy();
      return;
    }
    const outbound = net.connect(target.port, target.host);
    for (const socket of [inbound, outbound]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => undefined);
    }
    inbound.pipe(outbound).pipe(inbound);
    inbound.on('close', () => outbound.destroy());
    outbound.on('close', () => inbound.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const dropAll = () => {
    for (const socket of open) socket.destroy();
  };
  return {
    port,
    cut: () => {
      refusing = true;
      dropAll();
    },
    restore: () => {
      refusing = false;
    },
    close: async () => {
      dropAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
