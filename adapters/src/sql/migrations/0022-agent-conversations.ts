import { DataTypes } from "sequelize";
import { ensureIndex, type Migration, mediumText, TABLE_OPTIONS } from "./migration.js";

const id = { type: DataTypes.CHAR(36), allowNull: false };

/** Agent conversations (per organisation and owner) and their messages. */
export const agentConversations: Migration = {
  name: "0022-agent-conversations",
  async up(context) {
    await context.queryInterface.createTable(
      "agent_conversations",
      {
        id: { ...id, primaryKey: true },
        client_id: id,
        organisation_id: id,
        owner_type: { type: DataTypes.STRING(16), allowNull: false },
        owner_id: { type: DataTypes.STRING(64), allowNull: false },
        agent_type: { type: DataTypes.STRING(8), allowNull: false },
        custom_title: { type: DataTypes.STRING(200), allowNull: true },
        auto_title: { type: DataTypes.STRING(200), allowNull: false },
        message_count: { type: DataTypes.INTEGER, allowNull: false },
        last_message_preview: { type: DataTypes.STRING(200), allowNull: false },
        created_at: { type: DataTypes.DATE(3), allowNull: false },
        updated_at: { type: DataTypes.DATE(3), allowNull: false },
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "agent_conversations", "agent_conversations_owner", [
      "organisation_id",
      "owner_type",
      "owner_id",
      "id",
    ]);
    await context.queryInterface.createTable(
      "agent_messages",
      {
        id: { ...id, primaryKey: true },
        conversation_id: id,
        client_id: id,
        organisation_id: id,
        role: { type: DataTypes.STRING(16), allowNull: false },
        content: { type: mediumText(context), allowNull: false },
        actions: { type: mediumText(context), allowNull: false },
        truncated: { type: DataTypes.BOOLEAN, allowNull: false },
        created_at: { type: DataTypes.DATE(3), allowNull: false },
      },
      TABLE_OPTIONS,
    );
    await ensureIndex(context, "agent_messages", "agent_messages_conversation", ["conversation_id", "id"]);
  },
};
